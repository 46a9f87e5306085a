// A project config as the harness writes it: two priced models, one without a price, and API keys that no output may
// show.
export const secret = 'sk-ant-SECRET-never-shown-0123456789';

export const configToml = `default_model = { provider = "custom", model_id = "fake-model" }

[[models]]
provider = "custom"
model_id = "fake-model"
context_window = 64000
api_key = "${secret}"
base_url = "http://127.0.0.1:9/v1"

[models.pricing]
unit = "usd_per_mtok"
cache_read = 0.3
cache_write = 3.75
output = 15

[[models]]
provider = "deepseek"
model_id = "deepseek-v4-flash"
api_key = "${secret}"

[[models]]
provider = "custom"
model_id = "half-priced"

[models.pricing]
unit = "usd_per_mtok"
output = 2
`;
