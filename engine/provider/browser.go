package provider

import (
	"os/exec"
	"runtime"
)

// OpenBrowser opens u in the user's browser as pi's openBrowser does:
// open on macOS, rundll32 on Windows, xdg-open elsewhere, without a
// shell, in a process group of its own (Ctrl+C at the login's prompt
// leaves the browser alone). Failures are ignored: a login also shows the
// URL to open by hand.
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
	detach(c)
	if c.Start() == nil {
		go func() { _ = c.Wait() }()
	}
}
