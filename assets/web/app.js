// The classroom page.
