// Package deploy holds what runs Director elsewhere than `go run`: the
// container image (Dockerfile), the compose files (compose.yaml, one
// container per service, the gateway alone and NATS; compose.single.yaml,
// everything in one container) and the Kubernetes manifests (kubernetes/,
// the services apart; kubernetes/single, in one pod). It has no code: its
// test checks the files offline, each Kubernetes document strictly against
// the typed API of k8s.io/api and for what a schema cannot see (references
// between the documents, probes, selectors, names), and every flag and
// variable the files give director against the ones `director serve --help`
// lists, then director itself reading each container's arguments whole.
package deploy
