//go:build !linux

package node

import (
	"runtime"
	"strings"
)

// Portable approximations of the machine facts where pigo does not read
// the system's own: the kernel release and memory figures are unknown
// (zero), load averages are zero and uptime is unknown (zero).

// osInfo returns the OS name Node uses and unknown release data.
func osInfo() osUname {
	names := map[string]string{"darwin": "Darwin", "windows": "Windows_NT", "freebsd": "FreeBSD", "openbsd": "OpenBSD", "netbsd": "NetBSD"}
	name, ok := names[runtime.GOOS]
	if !ok {
		name = strings.ToUpper(runtime.GOOS[:1]) + runtime.GOOS[1:]
	}
	machine := runtime.GOARCH
	if machine == "amd64" {
		machine = "x86_64"
	}
	return osUname{sysname: name, release: "unknown", version: "unknown", machine: machine}
}

func osTotalMem() uint64    { return 0 }
func osFreeMem() uint64     { return 0 }
func osUptime() float64     { return 0 }
func osLoadavg() [3]float64 { return [3]float64{} }

// osCPUs returns one entry per CPU with unknown model and speed.
func osCPUs() []osCPU {
	cpus := make([]osCPU, runtime.NumCPU())
	for i := range cpus {
		cpus[i] = osCPU{model: "unknown", times: map[string]float64{"user": 0, "nice": 0, "sys": 0, "idle": 0, "irq": 0}}
	}
	return cpus
}
