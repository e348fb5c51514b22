/// The answer, as the plugin generated it.
public func answer() -> Int { generatedAnswer }
