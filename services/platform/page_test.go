package platform

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	scoringv1 "github.com/bridge-director/director/proto/bridge/scoring/v1"
)

// pageThrough lists keys 0..n-1 a page at a time, as a List method walks its
// store, and returns the pages.
func pageThrough(t *testing.T, n int, req *scoringv1.ListResultsRequest) [][]string {
	t.Helper()
	var pages [][]string
	for {
		page, err := ReadPage(req)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := range n {
			key := Uint64Key(uint64(i))
			if page.Skip(key) {
				continue
			}
			if !page.Add(key, &scoringv1.Result{Name: fmt.Sprint(i)}) {
				break
			}
			got = append(got, fmt.Sprint(i))
		}
		pages = append(pages, got)
		if page.NextToken() == "" {
			return pages
		}
		req.PageToken = page.NextToken()
	}
}

func TestPagesCoverTheListOnce(t *testing.T) {
	pages := pageThrough(t, 5, &scoringv1.ListResultsRequest{Parent: "events/e", PageSize: 2})
	if fmt.Sprint(pages) != "[[0 1] [2 3] [4]]" {
		t.Errorf("pages %v", pages)
	}
	if pages := pageThrough(t, 4, &scoringv1.ListResultsRequest{Parent: "events/e", PageSize: 2}); len(pages) != 2 {
		t.Errorf("a list that fills its last page exactly: %v, want no empty page after it", pages)
	}
	if pages := pageThrough(t, DefaultPageSize+1, &scoringv1.ListResultsRequest{Parent: "events/e"}); len(pages[0]) != DefaultPageSize {
		t.Errorf("default page of %d, want %d", len(pages[0]), DefaultPageSize)
	}
	if pages := pageThrough(t, MaxPageSize+1, &scoringv1.ListResultsRequest{Parent: "events/e", PageSize: 1 << 30}); len(pages[0]) != MaxPageSize {
		t.Errorf("a page of %d, want the maximum %d", len(pages[0]), MaxPageSize)
	}
}

func TestPageStaysUnderTheMessageLimit(t *testing.T) {
	page, err := ReadPage(&scoringv1.ListResultsRequest{PageSize: MaxPageSize})
	if err != nil {
		t.Fatal(err)
	}
	big := &scoringv1.Result{Name: strings.Repeat("x", 1<<20)}
	n := 0
	for i := range 10 {
		if !page.Add(Uint64Key(uint64(i)), big) {
			break
		}
		n++
	}
	if n*(1<<20) > MaxPageBytes || page.NextToken() == "" {
		t.Errorf("%d items of 1 MiB on one page, token %q", n, page.NextToken())
	}
}

func TestPageTokenBelongsToItsQuery(t *testing.T) {
	first, _ := ReadPage(&scoringv1.ListResultsRequest{Parent: "events/e", PageSize: 1})
	first.Add(Uint64Key(1), &scoringv1.Result{})
	first.Add(Uint64Key(2), &scoringv1.Result{})
	token := first.NextToken()
	if _, err := ReadPage(&scoringv1.ListResultsRequest{Parent: "events/e", PageSize: 5, PageToken: token}); err != nil {
		t.Errorf("the same query with another page size: %v", err)
	}
	if _, err := ReadPage(&scoringv1.ListPenaltiesRequest{Parent: "events/e", PageToken: token}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("a results token given to the penalties of the same event: %v, want InvalidArgument", err)
	}
	for _, req := range []*scoringv1.ListResultsRequest{
		{Parent: "events/e", Board: 3, PageToken: token},
		{Parent: "events/f", PageToken: token},
		{Parent: "events/e", PageToken: "not a token"},
		{Parent: "events/e", PageSize: -1},
	} {
		if _, err := ReadPage(req); status.Code(err) != codes.InvalidArgument {
			t.Errorf("%v: %v, want InvalidArgument", req, err)
		}
	}
}

func FuzzReadPage(f *testing.F) {
	first, _ := ReadPage(&scoringv1.ListResultsRequest{Parent: "events/e", PageSize: 1})
	first.Add(Uint64Key(1), &scoringv1.Result{})
	first.Add(Uint64Key(2), &scoringv1.Result{})
	f.Add(first.NextToken(), int32(1))
	f.Add("", int32(0))
	f.Add("AAAA", int32(-3))
	f.Fuzz(func(t *testing.T, token string, size int32) {
		page, err := ReadPage(&scoringv1.ListResultsRequest{Parent: "events/e", PageSize: size, PageToken: token})
		if err != nil {
			if status.Code(err) != codes.InvalidArgument {
				t.Fatalf("%v: want InvalidArgument", err)
			}
			return
		}
		if page.size < 1 || page.size > MaxPageSize {
			t.Fatalf("page size %d", page.size)
		}
	})
}
