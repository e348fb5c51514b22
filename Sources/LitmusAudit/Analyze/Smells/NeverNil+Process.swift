import SwiftSyntax

extension NeverNil {
    /// `localFileSystem.currentWorkingDirectory` (swift-tools-support-core's file system, a dependency's view of the
    /// process's own current directory): `nil` only when that directory was removed under the process, which no
    /// regression of a package using it makes (swiftlang/swift-driver's tests unwrap it in 16 tests, read false on first
    /// contact, which also declares one in a test's file system double). Not in a package whose own sources declare a
    /// `currentWorkingDirectory`: there it is the code under test.
    static func isProcessDirectory(_ member: MemberAccessExprSyntax, sources: SourceFunctions?) -> Bool {
        guard member.declName.baseName.text == "currentWorkingDirectory",
            let base = member.base?.trimmedDescription, ["localFileSystem", "TSCBasic.localFileSystem"].contains(base),
            let sources
        else { return false }
        return !sources.declaresOutsideTests("currentWorkingDirectory")
    }
}
