import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPStubs {
    /// Opt-in: answers requests of `URLSession.shared` (and other sessions that consult
    /// `URLProtocol.registerClass`) from this registry, as OHHTTPStubs does.
    ///
    /// Prefer ``session(configuration:delegate:)``: a global registry is shared by every test running
    /// at the same time. This checks that the shared session really asks Litmus first and throws when
    /// it does not. With swift-corelibs-foundation (Linux) the shared session copies the protocol list
    /// when it is first used: registered before that, Litmus is asked first; once any code (or another
    /// test in the process) has used `URLSession.shared`, registration throws.
    ///
    /// - Throws: ``GlobalRegistrationError`` naming the order the shared session uses.
    public func registerGlobally() throws(GlobalRegistrationError) {
        _ = URLProtocol.registerClass(protocolClass)
        let classes = URLSession.shared.configuration.protocolClasses ?? []
        let probe = URLRequest(url: URL(string: "https://litmus.invalid/")!)
        let first: AnyClass? = classes.first { ($0 as? URLProtocol.Type)?.canInit(with: probe) == true }
        guard let first, ObjectIdentifier(first) == ObjectIdentifier(protocolClass) else {
            URLProtocol.unregisterClass(protocolClass)
            throw GlobalRegistrationError(
                protocolClasses: classes.map { $0 == protocolClass ? "Litmus" : String(describing: $0) })
        }
    }

    /// Undoes ``registerGlobally()``.
    public func unregisterGlobally() {
        URLProtocol.unregisterClass(protocolClass)
    }
}

/// Global registration cannot work here: `URLSession.shared` would send requests to the network.
public struct GlobalRegistrationError: Error, Equatable, CustomStringConvertible {
    /// The protocol classes `URLSession.shared` consults, in order (`Litmus` marks ours).
    public let protocolClasses: [String]

    /// Names what the shared session does and the fix.
    public var description: String {
        let order = protocolClasses.joined(separator: ", ")
        let reason =
            protocolClasses.contains("Litmus")
            ? "it asks another handler before Litmus"
            : "it was created before the registration and copied the list without Litmus"
        return "URLSession.shared cannot be stubbed here: \(reason) (protocol classes: \(order)), so "
            + "its requests would reach the real network. Hand the code under test a session made with "
            + "HTTPStubs.session() or a configuration from HTTPStubs.configuration(_:) instead."
    }
}
