package webapi

import (
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/dop251/goja"
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
	return navFacts{cpus: runtime.NumCPU(), language: localeLanguage(), platform: navigatorPlatform(runtime.GOOS, runtime.GOARCH)}
})

// localeLanguage turns the POSIX locale (LC_ALL, LC_MESSAGES, LANG) into the
// BCP 47 tag Node's ICU reports: de_DE.UTF-8 → de-DE; C/POSIX → en-US.
func localeLanguage() string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(k)
		if v == "" {
			continue
		}
		v, _, _ = strings.Cut(v, ".")
		v, _, _ = strings.Cut(v, "@")
		if v == "C" || v == "POSIX" || v == "" {
			return "en-US"
		}
		return strings.ReplaceAll(v, "_", "-")
	}
	return "en-US"
}

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
