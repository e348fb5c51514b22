/// The protocol both spies implement: seed 003's search, with a limit and a result.
protocol Searching {
    func search(term: String, limit: Int) -> [String]
}
