// The person running the tests has their own config.toml and saved logins (both under XDG_CONFIG_HOME): none of it
// may change what a test sees. Every test file starts with a config folder that does not exist, which the programs
// it starts inherit; a test about the config file or the logins names its own folder.
process.env['XDG_CONFIG_HOME'] = '/nonexistent/penguin-view-tests-config';
