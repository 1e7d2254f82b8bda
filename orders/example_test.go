package orders_test

import (
	"fmt"

	"taipan/orders"
)

func ExampleParse() {
	env, err := orders.Parse([]byte(`game: bourse-1
player: alice
token: 7f3c
step: 4
orders:
  - sell: [red 4, red 5]
`))
	if err != nil {
		panic(err)
	}
	stocks, _ := env.Orders[0].Strings()
	fmt.Println(env.Game, env.Player, env.Step, env.Orders[0].Verb, stocks, "line", env.Orders[0].Line)
	// Output: bourse-1 alice 4 sell [red 4 red 5] line 6
}

// Every problem is reported with its line and field, all at once.
func ExampleParse_errors() {
	_, err := orders.Parse([]byte(`game: bourse-1
player: alice
step: four
orders:
  - {buy: London, sell: x}
`))
	fmt.Println(err)
	// Output:
	// line 3, field step: must be a whole number from 1 up, not "four"
	// line 5, field orders[1]: one order per entry: write each as its own '- verb: value' line
}
