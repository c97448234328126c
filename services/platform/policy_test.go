package platform

import (
	"strings"
	"testing"
)

func TestCheckPolicyCovers(t *testing.T) {
	if err := CheckPolicyCovers(testPolicy, withoutMethod(testServiceDesc, "Unlisted")); err != nil {
		t.Errorf("complete policy: %v", err)
	}

	err := CheckPolicyCovers(testPolicy, testServiceDesc)
	if err == nil || !strings.Contains(err.Error(), "/director.platformtest.TestService/Unlisted is missing") {
		t.Errorf("err = %v, want it to name the missing Unlisted method", err)
	}

	broken := Policy{
		"/" + testService + "/Public": {RolePublic},
		"/" + testService + "/Score":  {},
		"/" + testService + "/Panic":  {"tournament-director"},
	}
	err = CheckPolicyCovers(broken, testServiceDesc)
	for _, want := range []string{
		"/director.platformtest.TestService/Score lists no roles",
		`/director.platformtest.TestService/Panic lists unknown role "tournament-director"`,
		"/director.platformtest.TestService/Unlisted is missing",
		"/director.platformtest.TestService/Watch is missing",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to contain %q", err, want)
		}
	}
}
