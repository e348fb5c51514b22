// This file imports the doubles only through LitmusMockable, the macro module's name before the
// doubles took one name: it compiles only while LitmusMockable still brings `@Mockable` and the
// runtime (LitmusDoubles) with it. Do not add another Litmus import here.
import LitmusMockable
import Testing

@Mockable
protocol Greeting {
    func greet(name: String) -> String
}

@Suite("The doubles' earlier names still work")
struct EarlierNamesTests {
    @Test("import LitmusMockable brings @Mockable and a double that stubs, spies and verifies")
    func mockableModule() {
        let greeting = GreetingMock()
        greeting.mock.greet.stubbedResult = "Hello, Ada"

        let answer = greeting.greet(name: "Ada")

        #expect(answer == "Hello, Ada")
        #expect(greeting.mock.greet.allArguments == ["Ada"])
        greeting.mock.greet.verify(calledTimes: 1)
    }
}
