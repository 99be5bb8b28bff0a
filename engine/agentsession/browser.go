package agentsession

import (
	"os/exec"
	"runtime"
)

// OpenBrowser opens u in the user's browser as pi's openBrowser does,
// best effort: a login still shows the URL to open by hand.
func OpenBrowser(u string) {
	var c *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		c = exec.Command("open", u)
	case "windows":
		c = exec.Command("rundll32", "url.dll,FileProtocolHandler", u)
	default:
		c = exec.Command("xdg-open", u)
	}
	c.Dir = "/"
	if c.Start() == nil {
		go func() { _ = c.Wait() }()
	}
}
