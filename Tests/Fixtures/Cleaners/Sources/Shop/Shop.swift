/// A greeting in the language of `locale`.
public func greeting(for locale: String) -> String {
    locale.hasPrefix("fr") ? "Bonjour" : "Hello"
}
