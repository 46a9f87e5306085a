// A self-signed certificate for 127.0.0.1 and localhost (valid for a century), for the TLS tests of the SSE client.

/** The test server's private key (EC P-256). */
export const testTlsKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg6VQRZHO/wtinKLvI
EpmIh+tx1k7yBeC7x2UjlfXlldShRANCAARiu4AliuFA8qe/jYFFjy9MHfoQhZau
bV/SzxXgFJTAaDfrVFogciszdEzxc7qG8ggAzpudfqnx3P7KHUvIqcVn
-----END PRIVATE KEY-----
`;

/** The test server's certificate; no CA trusts it. */
export const testTlsCert = `-----BEGIN CERTIFICATE-----
MIIBqzCCAVGgAwIBAgIUfGd67v9usg8Fpa5x/D1fX8U/nNYwCgYIKoZIzj0EAwIw
HDEaMBgGA1UEAwwRcGVuZ3Vpbi12aWV3IHRlc3QwIBcNMjYxMjAyMTU0MDM0WhgP
MjEyNjExMDgxNTQwMzRaMBwxGjAYBgNVBAMMEXBlbmd1aW4tdmlldyB0ZXN0MFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYruAJYrhQPKnv42BRY8vTB36EIWWrm1f
0s8V4BSUwGg361RaIHIrM3RM8XO6hvIIAM6bnX6p8dz+yh1LyKnFZ6NvMG0wHQYD
VR0OBBYEFJJetcsbr1J2LTOAeogm0JMzMrhdMB8GA1UdIwQYMBaAFJJetcsbr1J2
LTOAeogm0JMzMrhdMA8GA1UdEwEB/wQFMAMBAf8wGgYDVR0RBBMwEYcEfwAAAYIJ
bG9jYWxob3N0MAoGCCqGSM49BAMCA0gAMEUCIQCEzeIUPMnxnWA2ORnF2v+kumC9
TMjwqfQkEBqgPR1HwgIgfoFEbbiPUwJU5Q8SqGYCoJWfgvBh7AIInpFQIHqoQsw=
-----END CERTIFICATE-----
`;
