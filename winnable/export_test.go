package winnable

// MatesBy lets the external tests replay mating lines as the package's
// own tests do (matesBy).
var MatesBy = matesBy
