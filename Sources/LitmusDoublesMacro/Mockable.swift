@_exported import LitmusDoubles

/// Generates a test double of the protocol it is attached to, named `<Protocol>Mock`, beside it.
///
/// The double is a spy, a stub and a mock at once (see `Member`), and is compiled only when
/// `condition` holds (`DEBUG` by default), so release builds carry nothing. Pass `condition: nil` to
/// compile it in every build, or another condition such as `"DEBUG || TESTING"`.
///
/// ```swift
/// @Mockable
/// protocol NetworkingLayer {
///     func searchFor(searchTerm: String, completionHandler: @escaping (Result<[Album], any Error>) -> Void)
/// }
/// // in a test:
/// let networking = NetworkingLayerMock()
/// networking.double.searchFor.lastArguments?.searchTerm
/// ```
///
/// A peer macro sees only the protocol's own declaration: a protocol inheriting from another of
/// your protocols gets an error naming the parent; generate its double with the LitmusDoublesPlugin
/// or `litmus doubles`, which read the whole module.
@attached(peer, names: suffixed(Mock))
public macro Mockable(condition: String? = "DEBUG") =
    #externalMacro(module: "LitmusDoublesMacroPlugin", type: "MockableMacro")
