/// What a load hands its result to.
public typealias LoadCompletion = (Int) -> Void
