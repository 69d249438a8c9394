// Package spell tells how near two words are, for the "did you mean"
// of a mistyped name (a subcommand, a level file's header key). It
// imports only the standard library, so that any package may import it.
package spell

// Distance is the edit distance (Levenshtein, on runes) between a and b:
// the fewest insertions, deletions and substitutions that turn a into b.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
