package platform

import (
	"testing"

	adminv1 "github.com/bridge-director/director/proto/bridge/admin/v1"
)

// TestAdminPolicyCovers: every method of the admin API is in its policy,
// for federation admins only.
func TestAdminPolicyCovers(t *testing.T) {
	p := adminPolicy()
	if err := CheckPolicyCovers(p, adminv1.AdminService_ServiceDesc); err != nil {
		t.Fatal(err)
	}
	for method, rule := range p {
		if len(rule.Roles) != 1 || rule.Roles[0] != RoleFederationAdmin {
			t.Errorf("%s is open to %v, want federation admins only", method, rule.Roles)
		}
	}
}
