package watch

// HasCloseSignal tells the external tests whether this build reports
// completed writes (Linux without pigo_poll).
const HasCloseSignal = hasCloseSignal
