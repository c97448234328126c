package platform

import (
	"fmt"
	"slices"
	"strings"

	"google.golang.org/grpc"
)

// Role is what a token may do.
type Role string

// The roles of Director. A federation admin may call every method in the
// policy; public marks a method anyone may call without a token.
const (
	RoleFederationAdmin Role = "federation-admin"
	RoleDirector        Role = "director"
	RoleScorer          Role = "scorer"
	RoleTerminal        Role = "terminal"
	RolePublic          Role = "public"
)

var knownRoles = []Role{RoleFederationAdmin, RoleDirector, RoleScorer, RoleTerminal, RolePublic}

// Policy maps full gRPC method names ("/bridge.scoring.v1.ScoringService/
// SubmitResult") to the roles allowed to call them. A method missing from
// the policy is denied to everyone.
type Policy map[string][]Role

// CheckPolicyCovers returns an error naming every method of sd that p does
// not list, lists with no roles, or lists with an unknown role. Services call
// it in a test so that no RPC is left out of their policy.
func CheckPolicyCovers(p Policy, sd grpc.ServiceDesc) error {
	var problems []string
	for _, method := range serviceMethods(sd) {
		roles, ok := p[method]
		switch {
		case !ok:
			problems = append(problems, method+" is missing")
		case len(roles) == 0:
			problems = append(problems, method+" lists no roles")
		}
		for _, r := range roles {
			if !slices.Contains(knownRoles, r) {
				problems = append(problems, fmt.Sprintf("%s lists unknown role %q", method, r))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("access policy of %s: %s", sd.ServiceName, strings.Join(problems, "; "))
	}
	return nil
}

// serviceMethods returns the full names of the unary and streaming methods
// of sd.
func serviceMethods(sd grpc.ServiceDesc) []string {
	var names []string
	for _, m := range sd.Methods {
		names = append(names, "/"+sd.ServiceName+"/"+m.MethodName)
	}
	for _, s := range sd.Streams {
		names = append(names, "/"+sd.ServiceName+"/"+s.StreamName)
	}
	return names
}

// publicPolicy opens every method of sd to everyone.
func publicPolicy(sd grpc.ServiceDesc) Policy {
	p := Policy{}
	for _, method := range serviceMethods(sd) {
		p[method] = []Role{RolePublic}
	}
	return p
}
