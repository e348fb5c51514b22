import SwiftIfConfig
import SwiftSyntax

/// Which `#if` clauses of a test file the audit's build compiles: the static checks judge only code that
/// runs here. A sleep or a `try?` inside `#if canImport(Darwin)` is not compiled on Linux, and a finding
/// there would be about code this audit never ran.
struct CompiledRegions {
    private let regions: ConfiguredRegions

    /// The regions of `tree` as this platform's debug build compiles them.
    init(_ tree: SourceFileSyntax, configuration: HostBuildConfiguration = HostBuildConfiguration()) {
        regions = tree.configuredRegions(in: configuration)
    }

    /// Whether `node` is compiled: outside every `#if`, or in each one's active clause.
    func compiles(_ node: some SyntaxProtocol) -> Bool { regions.isActive(node) == .active }

    /// Whether no platform compiles `node`: it is in the clause of an `#if false` (or `#elseif false`), code switched
    /// off by hand (mattgallagher/CwlUtils 3.0.0's `testTimeoutServiceSuccessHostTime`, two smells read false on first
    /// contact). A condition on a flag nobody sets (`#if RUN_DEPRECATED_TESTS`) is compiled when someone does.
    static func neverCompiled(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let clause = syntax.as(IfConfigClauseSyntax.self),
                clause.condition?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false)
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }
}

/// The build configuration of the audit's own build of the tests: this platform, its conditions (a debug
/// build's `DEBUG` unless told otherwise), the running toolchain. What cannot be known without the compiler (which modules `canImport` finds) is
/// answered from the modules only Apple platforms (or Windows) have: every other module is taken as
/// importable, as the package's own and its dependencies' are.
struct HostBuildConfiguration: BuildConfiguration {
    /// Modules that exist only on Apple platforms or Windows.
    static let foreignModules: Set<String> = [
        "Darwin", "ObjectiveC", "UIKit", "AppKit", "SwiftUI", "Combine", "WatchKit", "Cocoa", "CoreData",
        "CoreGraphics", "CoreFoundation_Private", "os", "OSLog", "XCUIAutomation", "WinSDK", "ucrt",
        "WatchConnectivity",
        "CryptoKit", "Network", "Security", "SystemConfiguration", "MobileCoreServices", "UniformTypeIdentifiers",
        "QuartzCore", "Metal", "AVFoundation", "Photos", "CoreLocation", "MapKit", "StoreKit", "CloudKit",
        "Accelerate", "Vision", "XCTAutomationSupport", "Spatial", "RealityKit", "_Concurrency_Darwin", "Compression",
    ]

    /// The custom conditions the build defines: `DEBUG` in a debug build, and what `-D` and the traits add.
    var conditions: Set<String> = ["DEBUG"]
    /// When known, the modules the build compiled: `canImport` of a module neither among them nor the
    /// toolchain's is false (XMLCoder's `#elseif canImport(OpenCombine)`, without OpenCombine in its graph).
    var built: Set<String>? = nil

    func isCustomConditionSet(name: String) throws -> Bool { conditions.contains(name) }
    func hasFeature(name: String) throws -> Bool { true }
    func hasAttribute(name: String) throws -> Bool { true }

    /// The toolchain's C libraries and Foundation's parts, as this host has them (the audit builds with the
    /// toolchain litmus was built with): `#if canImport(Glibc) … #elseif canImport(Musl)` takes the branch the
    /// build takes.
    static let hostModules: [String: Bool] = {
        var modules: [String: Bool] = [:]
        #if canImport(Glibc)
            modules["Glibc"] = true
        #else
            modules["Glibc"] = false
        #endif
        #if canImport(Musl)
            modules["Musl"] = true
        #else
            modules["Musl"] = false
        #endif
        #if canImport(Android)
            modules["Android"] = true
        #else
            modules["Android"] = false
        #endif
        #if canImport(WASILibc)
            modules["WASILibc"] = true
        #else
            modules["WASILibc"] = false
        #endif
        #if canImport(Darwin)
            modules["Darwin"] = true
        #else
            modules["Darwin"] = false
        #endif
        #if canImport(FoundationNetworking)
            modules["FoundationNetworking"] = true
        #else
            modules["FoundationNetworking"] = false
        #endif
        #if canImport(FoundationEssentials)
            modules["FoundationEssentials"] = true
        #else
            modules["FoundationEssentials"] = false
        #endif
        return modules
    }()

    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        guard let module = importPath.first?.1 else { return false }
        if let answer = Self.hostModules[module] { return answer }
        // A module the build compiled is there, whatever its name (a package's own `Network`).
        if let built, built.contains(module) { return true }
        if let built, !built.contains(module), !StateAPIs.toolchainModules.contains(module) { return false }
        #if os(Linux)
            return !Self.foreignModules.contains(module)
        #elseif canImport(Darwin)
            return !["Glibc", "Musl", "Android", "WinSDK", "ucrt", "FoundationNetworking", "FoundationXML"].contains(
                module)
        #else
            return true
        #endif
    }

    func isActiveTargetOS(name: String) throws -> Bool {
        #if os(Linux)
            return name == "Linux"
        #elseif os(macOS)
            return name == "macOS" || name == "OSX"
        #elseif os(iOS)
            return name == "iOS"
        #elseif os(Windows)
            return name == "Windows"
        #else
            return false
        #endif
    }

    func isActiveTargetArchitecture(name: String) throws -> Bool {
        #if arch(x86_64)
            return name == "x86_64"
        #elseif arch(arm64)
            return name == "arm64"
        #else
            return false
        #endif
    }

    func isActiveTargetEnvironment(name: String) throws -> Bool { false }

    func isActiveTargetRuntime(name: String) throws -> Bool {
        #if canImport(ObjectiveC)
            return name == "_ObjC"
        #else
            return name == "_Native"
        #endif
    }

    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }

    func isActiveTargetObjectFormat(name: String) throws -> Bool {
        #if canImport(Darwin)
            return name == "MachO"
        #elseif os(Windows)
            return name == "COFF"
        #else
            return name == "ELF"
        #endif
    }
    var targetPointerBitWidth: Int { Int.bitWidth }
    var targetAtomicBitWidths: [Int] { [8, 16, 32, 64] }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { VersionTuple(6, 0) }
    /// The compiler that built litmus, which builds the tests too (`swift build` of the same toolchain).
    var compilerVersion: VersionTuple {
        #if compiler(>=6.4)
            VersionTuple(6, 4)
        #else
            VersionTuple(6, 3)
        #endif
    }
}
