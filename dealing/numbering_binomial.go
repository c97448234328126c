package dealing

// binomial[n][k] is the binomial coefficient C(n, k) for n ≤ 52 and k ≤ 13; the largest,
// C(52, 13) = 635,013,559,600, fits easily in 64 bits.
var binomial = pascal()

// pascal builds the table of binomial coefficients by Pascal's rule.
func pascal() (c [53][14]uint64) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k < len(c[n]) && k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}
