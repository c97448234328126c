package platform

import (
	"fmt"
	"runtime/debug"

	"go.etcd.io/bbolt"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// committer commits concurrent writes together. A write that finds the file
// idle is committed at once; writes that arrive while a commit is under way
// wait for it and then go into the next transaction together, sharing its
// fsync. So a lone terminal waits for one commit, and a busy room of them
// gets as many results into each commit as arrived during the last one.
//
// bbolt's own Batch waits a fixed delay before every commit instead, which
// costs a lone write that delay and caps a busy store at one batch per delay.
type committer struct {
	db      *bbolt.DB
	max     int
	queue   chan *write
	stop    chan struct{}
	stopped chan struct{}
}

// write is one caller's part of a transaction.
type write struct {
	fn   func(tx *bbolt.Tx) error
	done chan error
}

// errClosed answers writes sent after the store was closed.
var errClosed = status.Error(codes.Unavailable, "the store is closed")

func startCommitter(db *bbolt.DB, max int) *committer {
	c := &committer{db: db, max: max, queue: make(chan *write), stop: make(chan struct{}), stopped: make(chan struct{})}
	go c.run()
	return c
}

// do runs fn in the next transaction and returns fn's error, or the
// commit's. fn may run more than once (when another write of its transaction
// fails, the others run again without it), so it must touch only tx.
func (c *committer) do(fn func(tx *bbolt.Tx) error) error {
	w := &write{fn: fn, done: make(chan error, 1)}
	select {
	case c.queue <- w:
	case <-c.stop:
		return errClosed
	}
	err := <-w.done
	if p, ok := err.(*panicked); ok {
		panic(p.Error())
	}
	return err
}

// close stops taking writes once the ones under way are committed.
func (c *committer) close() {
	close(c.stop)
	<-c.stopped
}

func (c *committer) run() {
	defer close(c.stopped)
	// A write that reads a damaged page outside the file panics (and
	// fails alone, see safely) instead of ending the process.
	debug.SetPanicOnFault(true)
	for {
		var batch []*write
		select {
		case w := <-c.queue:
			batch = append(batch, w)
		case <-c.stop:
			return
		}
	gather:
		for len(batch) < c.max {
			select {
			case w := <-c.queue:
				batch = append(batch, w)
			default:
				break gather
			}
		}
		c.commit(batch)
	}
}

// commit runs the writes in one transaction. When one fails, the transaction
// is rolled back, that write gets its error, and the others run again
// without it: each write then sees exactly the writes committed before it.
func (c *committer) commit(batch []*write) {
	for len(batch) > 0 {
		failed, failure := -1, error(nil)
		err := c.db.Update(func(tx *bbolt.Tx) error {
			for i, w := range batch {
				if err := safely(w.fn, tx); err != nil {
					failed, failure = i, err
					return err
				}
			}
			return nil
		})
		if failed >= 0 {
			batch[failed].done <- failure
			batch = append(batch[:failed], batch[failed+1:]...)
			continue
		}
		if err != nil {
			err = status.Errorf(codes.Internal, "storage: %v", err)
		}
		for _, w := range batch {
			w.done <- err
		}
		return
	}
}

// panicked carries a panic out of the committer to the goroutine of the
// write that panicked, where it is raised again (and the recovery interceptor
// answers Internal), so that one bad write cannot stop the committer.
type panicked struct {
	value any
	stack []byte
}

func (p *panicked) Error() string { return fmt.Sprintf("panic in a write: %v\n%s", p.value, p.stack) }

func safely(fn func(tx *bbolt.Tx) error, tx *bbolt.Tx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &panicked{value: r, stack: debug.Stack()}
		}
	}()
	return fn(tx)
}
