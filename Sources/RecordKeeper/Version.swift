/// The version `rk --version` prints.
public enum RecordKeeperVersion {
  public static let current = "0.1.0"
}
