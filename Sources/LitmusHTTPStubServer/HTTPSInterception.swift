import NIOSSL

/// How the stub server, used as a proxy, opens the HTTPS tunnels clients ask for with `CONNECT`: the
/// TLS it presents to the client for each host, and the TLS it trusts when it records from the real
/// server. Give one to ``HTTPStubServer/start(_:upstream:https:)``; LitmusHTTPStubCertificates'
/// `RunCertificateAuthority` makes one from a certificate authority generated for the run.
///
/// Without one, the server refuses `CONNECT` (`501`, naming the fix): a plain-http proxy only.
public struct HTTPSInterception: Sendable {
    /// The TLS context presenting a certificate for a host (`api.example.com`, `127.0.0.1`) to the client.
    public let serverContext: @Sendable (_ host: String) throws -> NIOSSLContext
    /// How the server connects to the real HTTPS servers when it records: the system's trust roots by
    /// default; a test's own HTTPS server adds its certificate here.
    public let upstreamTLS: TLSConfiguration

    /// An interception presenting `serverContext(host)` to clients and recording through `upstreamTLS`.
    public init(
        upstreamTLS: TLSConfiguration = .makeClientConfiguration(),
        serverContext: @escaping @Sendable (_ host: String) throws -> NIOSSLContext
    ) {
        self.upstreamTLS = upstreamTLS
        self.serverContext = serverContext
    }
}
