package node

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
)

// Linux machine facts, read from uname(2), sysinfo(2), /proc/meminfo,
// /proc/cpuinfo and /proc/stat like libuv does.

// osInfo returns uname(2)'s fields.
func osInfo() osUname {
	var u syscall.Utsname
	if err := syscall.Uname(&u); err != nil {
		return osUname{sysname: "Linux", release: "unknown", version: "unknown", machine: runtime.GOARCH}
	}
	return osUname{sysname: osCString(u.Sysname[:]), release: osCString(u.Release[:]),
		version: osCString(u.Version[:]), machine: osCString(u.Machine[:])}
}

// osCString converts a NUL-terminated C char array (int8 or uint8,
// depending on the architecture).
func osCString[T int8 | uint8](a []T) string {
	b := make([]byte, 0, len(a))
	for _, c := range a {
		if c == 0 {
			break
		}
		b = append(b, byte(c))
	}
	return string(b)
}

// osSysinfo returns sysinfo(2), zero on failure.
func osSysinfo() syscall.Sysinfo_t {
	var si syscall.Sysinfo_t
	_ = syscall.Sysinfo(&si)
	return si
}

// osTotalMem is the total memory in bytes.
func osTotalMem() uint64 {
	si := osSysinfo()
	return uint64(si.Totalram) * uint64(si.Unit)
}

// osFreeMem is MemAvailable in bytes (what libuv reports), else sysinfo's
// free memory.
func osFreeMem() uint64 {
	if f, err := os.Open("/proc/meminfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:"); ok {
				kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
				if err == nil {
					return kb * 1024
				}
			}
		}
	}
	si := osSysinfo()
	return uint64(si.Freeram) * uint64(si.Unit)
}

// osUptime is the system uptime in seconds.
func osUptime() float64 {
	return float64(osSysinfo().Uptime)
}

// osLoadavg is the 1, 5 and 15 minute load averages.
func osLoadavg() [3]float64 {
	si := osSysinfo()
	const scale = 1 << 16 // SI_LOAD_SHIFT
	return [3]float64{float64(si.Loads[0]) / scale, float64(si.Loads[1]) / scale, float64(si.Loads[2]) / scale}
}

// osCPUs describes each CPU from /proc/cpuinfo and /proc/stat; missing
// data is "unknown" and zero.
func osCPUs() []osCPU {
	n := runtime.NumCPU()
	cpus := make([]osCPU, n)
	for i := range cpus {
		cpus[i] = osCPU{model: "unknown", times: map[string]float64{"user": 0, "nice": 0, "sys": 0, "idle": 0, "irq": 0}}
	}
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(f)
		i := -1
		for sc.Scan() {
			key, val, ok := strings.Cut(sc.Text(), ":")
			if !ok {
				continue
			}
			key, val = strings.TrimSpace(key), strings.TrimSpace(val)
			switch key {
			case "processor":
				i++
			case "model name":
				if i >= 0 && i < n {
					cpus[i].model = val
				}
			case "cpu MHz":
				if i >= 0 && i < n {
					mhz, _ := strconv.ParseFloat(val, 64)
					cpus[i].speed = int(mhz)
				}
			}
		}
		f.Close()
	}
	if f, err := os.Open("/proc/stat"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 8 || !strings.HasPrefix(fields[0], "cpu") || fields[0] == "cpu" {
				continue
			}
			i, err := strconv.Atoi(fields[0][3:])
			if err != nil || i >= n {
				continue
			}
			tick := func(j int) float64 {
				v, _ := strconv.ParseFloat(fields[j], 64)
				return v * 10 // USER_HZ (100) ticks to milliseconds
			}
			cpus[i].times = map[string]float64{"user": tick(1), "nice": tick(2), "sys": tick(3), "idle": tick(4), "irq": tick(6)}
		}
		f.Close()
	}
	return cpus
}
