import Crypto
import Foundation
import LitmusHTTPStubServer
import NIOSSL
import SwiftASN1
import Synchronization
import X509

/// A certificate authority made for one run, in memory: it issues the stub server a certificate for
/// each host a client tunnels to through it (``interception(upstreamTLS:)``), so HTTPS is recorded and
/// replayed through the server as a proxy. Its certificate is the one the test's client trusts
/// (``certificatePEM``, ``certificateDER``, ``clientTLSConfiguration``); its private key, and those of
/// the certificates it issues, never leave memory: nothing is written to a file, and a new run makes a
/// new authority, so a certificate trusted by one run is worth nothing to the next.
///
/// ```swift
/// let authority = try RunCertificateAuthority()
/// try await HTTPStubServer.serving(stubs, https: authority.interception()) { server in
///     var configuration = HTTPClient.Configuration(tlsConfiguration: authority.clientTLSConfiguration)
///     configuration.proxy = .server(host: "127.0.0.1", port: server.port)
///     let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
///     defer { try? client.syncShutdown() }
///     let response = try await client.execute(HTTPClientRequest(url: "https://api.example.com/albums"), timeout: .seconds(10))
/// }
/// ```
public final class RunCertificateAuthority: Sendable {
    /// The authority's certificate: what the test's client trusts.
    public let certificate: Certificate
    /// ``certificate`` in PEM (`-----BEGIN CERTIFICATE-----`).
    public let certificatePEM: String
    /// ``certificate`` in DER: `SecCertificateCreateWithData` on Apple platforms reads these bytes.
    public let certificateDER: [UInt8]
    private let key: Certificate.PrivateKey
    /// ``certificate`` as NIOSSL reads it, for the clients' trust roots and the servers' chains.
    private let trusted: NIOSSLCertificate
    private let validity: ClosedRange<Date>
    /// The TLS contexts made so far, by host: one certificate per host per run.
    private let contexts = Mutex<[String: NIOSSLContext]>([:])

    /// A new authority named `name`, valid from an hour ago (clocks differ) for `lifetime` from now.
    public init(name: String = "Litmus stub server run CA", lifetime: TimeInterval = 24 * 3600) throws {
        let now = Date()
        validity = now.addingTimeInterval(-3600)...now.addingTimeInterval(lifetime)
        key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let subject = try DistinguishedName {
            OrganizationName("Litmus")
            CommonName("\(name) \(UUID().uuidString.prefix(8))")
        }
        certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: validity.lowerBound, notValidAfter: validity.upperBound, issuer: subject, subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: key)
        certificatePEM = try certificate.serializeAsPEM().pemString
        certificateDER = try Self.der(certificate)
        trusted = try NIOSSLCertificate(bytes: certificateDER, format: .der)
    }

    /// What ``HTTPStubServer/start(_:upstream:https:)`` needs to open HTTPS tunnels with this
    /// authority's certificates; `upstreamTLS` is how the real servers are reached when recording (the
    /// system's trust roots by default; add a test server's own certificate to its `trustRoots`).
    public func interception(upstreamTLS: TLSConfiguration = .makeClientConfiguration()) -> HTTPSInterception {
        HTTPSInterception(upstreamTLS: upstreamTLS) { [self] host in try serverContext(forHost: host) }
    }

    /// A client configuration trusting this authority alone (AsyncHTTPClient's `tlsConfiguration`).
    public var clientTLSConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([trusted])
        return configuration
    }

    /// The TLS server context presenting a certificate for `host` (a name, or an IPv4 or IPv6 address)
    /// issued by this authority, made on first use and kept for the run.
    public func serverContext(forHost host: String) throws -> NIOSSLContext {
        if let made = contexts.withLock({ $0[host] }) { return made }
        let (leaf, leafKey) = try issue(forHost: host)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [
                .certificate(try NIOSSLCertificate(bytes: try Self.der(leaf), format: .der)),
                .certificate(trusted),
            ],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(leafKey.pemRepresentation.utf8), format: .pem)))
        configuration.applicationProtocols = ["http/1.1"]
        let context = try NIOSSLContext(configuration: configuration)
        return contexts.withLock { contexts in
            if let made = contexts[host] { return made }
            contexts[host] = context
            return context
        }
    }

    /// A certificate for `host` signed by this authority, and its private key (in memory).
    public func issue(forHost host: String) throws -> (certificate: Certificate, privateKey: P256.Signing.PrivateKey) {
        let leafKey = P256.Signing.PrivateKey()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(leafKey.publicKey), notValidBefore: validity.lowerBound,
            notValidAfter: validity.upperBound, issuer: self.certificate.subject,
            subject: try DistinguishedName { CommonName(host) }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([Self.name(host)])
            },
            issuerPrivateKey: key)
        return (certificate, leafKey)
    }

    /// A self-signed certificate for `host` and its private key, both in memory: a test's own HTTPS server,
    /// which the proxy then trusts through `upstreamTLS`.
    public static func selfSigned(forHost host: String) throws -> (
        certificate: NIOSSLCertificate, privateKey: NIOSSLPrivateKey
    ) {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName(host) }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey), notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(24 * 3600), issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
                SubjectAlternativeNames([Self.name(host)])
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
        return (
            try NIOSSLCertificate(bytes: try der(certificate), format: .der),
            try NIOSSLPrivateKey(bytes: Array(key.pemRepresentation.utf8), format: .pem)
        )
    }

    /// `host` as a subject alternative name: an IP address's bytes, or a DNS name.
    static func name(_ host: String) -> GeneralName {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(withUnsafeBytes(of: &v4) { Array($0) })))
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(withUnsafeBytes(of: &v6) { Array($0) })))
        }
        return .dnsName(host)
    }

    private static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }
}
