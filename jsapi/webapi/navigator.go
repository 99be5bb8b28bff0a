package webapi

import (
	"runtime"
	"sync"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/intl"
)

// navigatorInfo is internal.navigatorInfo(): the host facts behind
// navigator, computed once per process.
func (h *host) navigatorInfo(goja.FunctionCall) goja.Value {
	info := navigatorFacts()
	return h.rt.ToValue(map[string]any{
		"hardwareConcurrency": info.cpus,
		"language":            info.language,
		"platform":            info.platform,
	})
}

type navFacts struct {
	cpus     int
	language string
	platform string
}

var navigatorFacts = sync.OnceValue(func() navFacts {
	return navFacts{cpus: runtime.NumCPU(), language: intl.ProcessLocale(), platform: navigatorPlatform(runtime.GOOS, runtime.GOARCH)}
})

// navigatorPlatform mirrors Node's navigator.platform.
func navigatorPlatform(goos, goarch string) string {
	switch goos {
	case "darwin":
		return "MacIntel"
	case "windows":
		return "Win32"
	case "linux":
		switch goarch {
		case "386":
			return "Linux i686"
		case "amd64":
			return "Linux x86_64"
		case "arm64":
			return "Linux aarch64"
		}
		return "Linux " + goarch
	case "freebsd":
		return "FreeBSD"
	}
	return goos
}
