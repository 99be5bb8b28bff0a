package cachewarm

import (
	"math"
	"math/big"
	"strings"
)

// ToFixed formats v with n decimals as JavaScript's Number.prototype.toFixed
// does: from v's exact binary value, a tie rounding away from zero (Go's
// strconv rounds ties to even).
func ToFixed(v float64, n int) string {
	neg := v < 0
	exact := new(big.Float).SetFloat64(math.Abs(v)).Text('f', 1100) // exact: binary fractions terminate
	dot := strings.IndexByte(exact, '.')
	digits := []byte(exact[:dot] + exact[dot+1:dot+1+n])
	if exact[dot+1+n] >= '5' {
		i := len(digits) - 1
		for ; i >= 0 && digits[i] == '9'; i-- {
			digits[i] = '0'
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		} else {
			digits[i]++
		}
	}
	intLen := len(digits) - n
	s := string(digits[:intLen])
	if n > 0 {
		s += "." + string(digits[intLen:])
	}
	if neg && strings.Trim(s, "0.") != "" {
		s = "-" + s
	}
	return s
}
