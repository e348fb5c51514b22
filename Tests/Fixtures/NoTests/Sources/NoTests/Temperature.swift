/// Degrees Fahrenheit for degrees Celsius.
public func fahrenheit(celsius: Double) -> Double { celsius * 9 / 5 + 32 }
