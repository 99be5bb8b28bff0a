package agentsession

import (
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/projecttrust"
)

// getProjectTrust is pigo's project trust query for interactive clients
// (pi's /trust and its startup warning read it in-process): whether this
// session trusts the project, and whether the project has resources that
// need trust.
func (s *rpcServer) getProjectTrust(*rpcCommand) (any, bool, error) {
	rt := s.rt
	protected := projecttrust.HasProtectedResources(rt.io.Cwd, rt.io.Getenv("HOME"))
	return ordered{{"trusted", piapi.Of(rt.host).ProjectTrusted()}, {"protected", protected}}, true, nil
}
