package projecttrust

import "context"

// Answer is an extension's reply to the project_trust event: Trusted
// "yes" trusts, anything else declines (undecided answers never reach
// here); Remember saves it.
type Answer struct {
	Trusted  string
	Remember bool
}

// Options are the inputs of Resolve.
type Options struct {
	Cwd, Home string
	Store     *Store
	// Override is --approve (true) or --no-approve (false).
	Override *bool
	// Ask emits project_trust to the extensions loaded so far and returns
	// the first decided answer, or nil when none decided.
	Ask func(ctx context.Context) *Answer
	// Default is the agent dir's defaultProjectTrust: "always", "never",
	// or anything else for "ask".
	Default string
	// Prompt asks the user (pi's trust selector) when Default is "ask";
	// nil where there is no UI, which declines.
	Prompt func(ctx context.Context) (trusted bool, err error)
}

// Resolve is pi's resolveProjectTrusted.
func Resolve(ctx context.Context, o Options) (bool, error) {
	if o.Override != nil {
		return *o.Override, nil
	}
	if !HasProtectedResources(o.Cwd, o.Home) {
		trusted, ok, err := o.Store.Get(ctx, o.Cwd)
		return trusted || !ok, err
	}
	if o.Ask != nil {
		if a := o.Ask(ctx); a != nil {
			trusted := a.Trusted == "yes"
			if a.Remember {
				if err := o.Store.Set(ctx, o.Cwd, &trusted); err != nil {
					return false, err
				}
			}
			return trusted, nil
		}
	}
	if trusted, ok, err := o.Store.Get(ctx, o.Cwd); err != nil || ok {
		return trusted, err
	}
	switch o.Default {
	case "always":
		return true, nil
	case "never":
		return false, nil
	}
	if o.Prompt == nil {
		return false, nil
	}
	return o.Prompt(ctx)
}
