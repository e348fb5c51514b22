// Deprecated: LitmusMockable is the name the doubles' macro module had before the doubles took one
// name. It re-exports LitmusDoublesMacro (`@Mockable`, and LitmusDoubles with it) so that packages
// depending on the product `LitmusMockable` and files that `import LitmusMockable` keep compiling.
// Depend on the product `LitmusDoublesMacro` and import it instead (docs/doubles.md, "Earlier names").
@_exported import LitmusDoublesMacro
