// A closure parameter whose type is a typealias declared in another file of the module: the
// LitmusDoublesPlugin finds the alias, so the double counts the closure instead of storing it.

/// Loads a number and hands it to a completion that is not kept.
public protocol Loading: Sendable {
    /// Calls `completion` before it returns.
    func load(key: String, completion: LoadCompletion)
    /// Keeps `completion` for later.
    func loadLater(key: String, completion: @escaping LoadCompletion)
}
