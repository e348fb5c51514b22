// Litmus's doubles answer to their earlier names, deprecated: the product LitmusMockable (now
// LitmusDoublesMacro), the plugin product LitmusMocksPlugin (now LitmusDoublesPlugin) and every
// double's recorders `mock` (now `double`). This test target uses all three (Examples/Package.swift),
// so building the Examples fails the day one stops working; the other examples use the current names.
// Its deprecation warnings are expected. A test target, so its code is not among the sources the
// audit measures and mutates.
import LitmusMockable
import Testing

@Mockable
protocol Greeter {
    func greet(name: String) -> String
    static func greeting() -> String
}

@Test("A double made through the deprecated LitmusMockable product stubs, spies and verifies through `mock`")
func earlierNamesStillWork() {
    let greeter = GreeterMock()
    greeter.mock.greet.stubbedResult = "Hello, Grace"

    let answer = greeter.greet(name: "Grace")

    #expect(answer == "Hello, Grace")
    #expect(greeter.mock.greet.allArguments == ["Grace"])
    greeter.mock.greet.verify(calledTimes: 1)
    // The deprecated `mock` is `double`: the same recorders, which saw the same call.
    #expect(greeter.double.greet === greeter.mock.greet)
    #expect(greeter.double.greet.allArguments == ["Grace"])
}

@Test("The deprecated `Type.mock` reaches the same recorders as `Type.double`, for static members")
func staticMockIsStaticDouble() {
    GreeterMock.withStaticMock {
        GreeterMock.mock.greeting.stubbedResult = "Hi"

        #expect(GreeterMock.greeting() == "Hi")
        #expect(GreeterMock.double.greeting.callCount == 1)
        #expect(GreeterMock.double.greeting === GreeterMock.mock.greeting)
    }
}
