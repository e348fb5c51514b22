// Litmus's doubles answer to their earlier names, deprecated: the product LitmusMockable (now
// LitmusDoublesMacro) and the plugin product LitmusMocksPlugin (now LitmusDoublesPlugin). This target
// uses both (Examples/Package.swift), so building the Examples fails the day either stops working;
// the other examples use the current names. It has no tests and no code to mutate.
import LitmusMockable

@Mockable(condition: nil)
protocol Greeter {
    func greet(name: String) -> String
}

/// The double `@Mockable` generated through the deprecated module: naming it checks it exists.
typealias GreeterDouble = GreeterMock
