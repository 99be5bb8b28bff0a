package cachewarm

// ToFixed exposes toFixed to the tests.
var ToFixed = toFixed
