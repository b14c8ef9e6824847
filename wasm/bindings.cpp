// The lean engine's Embind block: registers the raw functions of wasm/api*.hpp
// that the article's figures call (attention and the lessons) under the names
// the JS facade (wasm/js/) calls. The trainer and the trained model are in
// bindings_model.cpp, linked only into the full engines (CMakeLists.txt), so the
// page's first paint does not carry core/model. Section 1's functions come from
// bindings_first.hpp, which the first engine registers too. Nothing else belongs in this file.
#include <emscripten/bind.h>

#include "api.hpp"
#include "api_patterns.hpp"
#include "api_multi_head.hpp"
#include "api_position.hpp"
#include "api_causal.hpp"
#include "api_cross.hpp"
#include "api_distance.hpp"
#include "api_head_roles.hpp"
#include "api_entropy.hpp"
#include "api_layers.hpp"
#include "api_trace.hpp"
#include "api_limits.hpp"
#include "api_rope.hpp"
#include "api_grouped_query.hpp"
#include "api_tiling.hpp"
#include "api_windows.hpp"
#include "bindings_first.hpp"

EMSCRIPTEN_BINDINGS(attention_atlas) {
  using namespace atlas::wasm;
  bind_section_one();  // tokenize, selfAttention, attentionTrace, limits (bindings_first.hpp)
  emscripten::function("attention", &attention_js);
  emscripten::function("attentionF32", &attention_f32_js);
  emscripten::function("causalMask", &causal_mask_js);
  emscripten::function("positionalEncoding", &positional_encoding_js);
  emscripten::function("entropy", &entropy_js);
  emscripten::function("pattern", &pattern_js);
  emscripten::function("embed", &embed_js);
  emscripten::function("positionSimilarity", &position_similarity_js);
  emscripten::function("positionEffect", &position_effect_js);
  emscripten::function("causalAttention", &causal_attention_js);
  emscripten::function("patternSet", &pattern_set_js);
  emscripten::function("multiHead", &multi_head_js);
  emscripten::function("crossAttention", &cross_attention_js);
  emscripten::function("headRoles", &head_roles_js);
  emscripten::function("distanceDecays", &distance_decays_js);
  emscripten::function("alibiAttention", &alibi_attention_js);
  emscripten::function("layerEvolution", &layer_evolution_js);
  emscripten::function("rollout", &rollout_js);
  emscripten::function("modelLayers", &model_layers_js);
  emscripten::function("focusRows", &focus_rows_js);
  emscripten::function("dirichletRows", &dirichlet_rows_js);
  emscripten::function("temperatureRow", &temperature_row_js);
  emscripten::function("rotary", &rotary_js);
  emscripten::function("rotaryLesson", &rotary_lesson_js);
  emscripten::function("groupedQuery", &grouped_query_js);
  emscripten::function("kvCacheSize", &kv_cache_size_js);
  emscripten::function("attentionTiled", &attention_tiled_js);
  emscripten::function("tilingLesson", &tiling_lesson_js);
  emscripten::function("attentionMemory", &attention_memory_js);
  emscripten::function("attentionIo", &attention_io_js);
  emscripten::function("windowMask", &window_mask_js);
  emscripten::function("receptiveField", &receptive_field_js);
}
