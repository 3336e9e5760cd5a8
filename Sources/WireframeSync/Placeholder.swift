public enum WireframeSyncModule {}
