// Package e2e holds the browser tests of the arbiter's web pages: real
// headless Chromium, driven from Go with chromedp, against "arbiter-hall serve"
// started in-process on a loopback port with a temporary SQLite file and
// the embedded pages mounted at "/".
//
// The tests skip, saying so, when /usr/bin/chromium is absent; web/ci-browser.sh
// installs it. They take screenshots of the hall, a board page, the desk
// and the play page, at phone and desktop sizes; "go test ./web/e2e -update"
// saves them under screenshots/.
package e2e
