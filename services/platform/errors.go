package platform

import (
	"fmt"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
)

// The constructors below pick the status code for the HTTP status the REST
// gateway gives it: InvalidArgument 400, NotFound 404, AlreadyExists 409,
// FailedPrecondition 400, PermissionDenied 403, Unauthenticated 401.

// FieldViolation names a request field and what is wrong with it.
type FieldViolation struct {
	Field       string // path of the field, e.g. "result.contract"
	Description string // what is wrong, e.g. "level must be 1 to 7, got 8"
}

// FieldError returns an InvalidArgument error "<field>: <description>" with a
// BadRequest detail naming the field.
func FieldError(field, description string) error {
	return FieldErrors(FieldViolation{Field: field, Description: description})
}

// FieldErrors returns one InvalidArgument error for several wrong fields,
// each named in its BadRequest detail.
func FieldErrors(violations ...FieldViolation) error {
	msgs := make([]string, len(violations))
	detail := &errdetails.BadRequest{}
	for i, v := range violations {
		msgs[i] = v.Field + ": " + v.Description
		detail.FieldViolations = append(detail.FieldViolations, &errdetails.BadRequest_FieldViolation{
			Field:       v.Field,
			Description: v.Description,
		})
	}
	return statusError(codes.InvalidArgument, strings.Join(msgs, "; "), detail)
}

// NotFound returns a NotFound error such as `event "events/x" not found`,
// with a ResourceInfo detail.
func NotFound(resource, name string) error {
	return statusError(codes.NotFound, fmt.Sprintf("%s %q not found", resource, name), &errdetails.ResourceInfo{
		ResourceType: resource,
		ResourceName: name,
	})
}

// AlreadyExists returns an AlreadyExists error; detail, when not nil, is
// attached so the client can see what is already there (e.g. the stored
// result).
func AlreadyExists(msg string, detail proto.Message) error {
	if detail == nil {
		return statusError(codes.AlreadyExists, msg)
	}
	return statusError(codes.AlreadyExists, msg, detail)
}

// FailedPrecondition returns a FailedPrecondition error: the request is well
// formed but the state of the resource does not allow it. details, if any,
// show that state (e.g. the result that stands in the way).
func FailedPrecondition(msg string, details ...proto.Message) error {
	return statusError(codes.FailedPrecondition, msg, details...)
}

// Aborted returns an Aborted error: the resource changed since the caller
// read it; detail, if any, is how it is now.
func Aborted(msg string, details ...proto.Message) error {
	return statusError(codes.Aborted, msg, details...)
}

func permissionDenied(format string, args ...any) error {
	return PermissionDenied(fmt.Sprintf(format, args...))
}

// PermissionDenied returns a PermissionDenied error: the caller may not do
// this, as msg says why.
func PermissionDenied(msg string, details ...proto.Message) error {
	return statusError(codes.PermissionDenied, msg, details...)
}

// Unauthenticated returns an Unauthenticated error: the caller's token is
// missing, malformed, unknown, expired or revoked, as msg says.
func Unauthenticated(msg string) error {
	return status.Error(codes.Unauthenticated, msg)
}

// statusError builds the status from its proto form, which accepts any
// message as a detail.
func statusError(code codes.Code, msg string, details ...proto.Message) error {
	st := &spb.Status{Code: int32(code), Message: msg}
	for _, d := range details {
		a, err := anypb.New(d)
		if err != nil {
			return status.Errorf(codes.Internal, "%s (detail could not be encoded: %v)", msg, err)
		}
		st.Details = append(st.Details, a)
	}
	return status.FromProto(st).Err()
}

// maxReason bounds the reasons kept on record.
const maxReason = 500

// Reason checks the reason a change must give (a correction, a redeal, an
// appeal) and returns it trimmed; the error names field.
func Reason(field, reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return "", FieldError(field, "say why: the reason is kept on record")
	}
	if len(reason) > maxReason {
		return "", FieldError(field, fmt.Sprintf("a reason is at most %d characters", maxReason))
	}
	return reason, nil
}
