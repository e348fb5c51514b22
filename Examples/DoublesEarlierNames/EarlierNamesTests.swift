// Litmus's doubles answer to their earlier names, deprecated: the product LitmusMockable (now
// LitmusDoublesMacro) and the plugin product LitmusMocksPlugin (now LitmusDoublesPlugin). This test
// target uses both (Examples/Package.swift), so building the Examples fails the day either stops
// working; the other examples use the current names. A test target, so its code is not among the
// sources the audit measures and mutates.
import LitmusMockable
import Testing

@Mockable
protocol Greeter {
    func greet(name: String) -> String
}

@Test("A double made through the deprecated LitmusMockable product stubs, spies and verifies")
func earlierNamesStillWork() {
    let greeter = GreeterMock()
    greeter.mock.greet.stubbedResult = "Hello, Grace"

    let answer = greeter.greet(name: "Grace")

    #expect(answer == "Hello, Grace")
    #expect(greeter.mock.greet.allArguments == ["Grace"])
    greeter.mock.greet.verify(calledTimes: 1)
}
