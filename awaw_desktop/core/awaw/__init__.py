"""A World at War, rules 54-62: surrender of major powers, in three editions."""
