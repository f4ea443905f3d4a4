// Shaders of PointSpriteLayer: one GL point per row (no instancing), a disc cut out of the point's square in the
// fragment shader. Attribute and uniform names are ScatterplotLayer's, so its accessors, props and deck.gl's data
// filter and brushing extensions (which read `filterValues`/`brushingTargets` when NON_INSTANCED_MODEL is defined)
// work unchanged.

export const vs = `\
#define SHADER_NAME point-sprite-layer-vertex-shader

attribute vec3 instancePositions;
attribute vec3 instancePositions64Low;
attribute float instanceRadius;
attribute float instanceLineWidths;
attribute vec4 instanceFillColors;
attribute vec4 instanceLineColors;
attribute vec3 pickingColors;

uniform float opacity;
uniform float radiusScale;
uniform float radiusMinPixels;
uniform float radiusMaxPixels;
uniform float lineWidthScale;
uniform float lineWidthMinPixels;
uniform float lineWidthMaxPixels;
uniform float stroked;
uniform bool antialiasing;
uniform int radiusUnits;
uniform int lineWidthUnits;
uniform float maxPointSize;

varying vec4 vFillColor;
varying vec4 vLineColor;
varying float innerUnitRadius;
varying float outerRadiusPixels;
varying float halfSizePixels;

void main(void) {
  geometry.worldPosition = instancePositions;
  geometry.pickingColor = pickingColors;
  float edge = antialiasing ? SMOOTH_EDGE_RADIUS : 0.0;
  // The point's side is capped by the driver (ALIASED_POINT_SIZE_RANGE): the disc shrinks to fit rather than being cut.
  float largest = maxPointSize / (2.0 * project_uDevicePixelRatio) - edge;
  outerRadiusPixels = min(largest, clamp(
    project_size_to_pixel(radiusScale * instanceRadius, radiusUnits),
    radiusMinPixels, radiusMaxPixels
  ));
  float lineWidthPixels = clamp(
    project_size_to_pixel(lineWidthScale * instanceLineWidths, lineWidthUnits),
    lineWidthMinPixels, lineWidthMaxPixels
  );
  outerRadiusPixels = min(largest, outerRadiusPixels + stroked * lineWidthPixels / 2.0);

  gl_Position = project_position_to_clipspace(instancePositions, instancePositions64Low, vec3(0.0), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
  vec3 size = vec3(outerRadiusPixels);
  DECKGL_FILTER_SIZE(size, geometry);
  outerRadiusPixels = size.x;
  innerUnitRadius = 1.0 - stroked * lineWidthPixels / outerRadiusPixels;
  halfSizePixels = outerRadiusPixels + edge;
  gl_PointSize = 2.0 * halfSizePixels * project_uDevicePixelRatio;

  vFillColor = vec4(instanceFillColors.rgb, instanceFillColors.a * opacity);
  DECKGL_FILTER_COLOR(vFillColor, geometry);
  vLineColor = vec4(instanceLineColors.rgb, instanceLineColors.a * opacity);
  DECKGL_FILTER_COLOR(vLineColor, geometry);
}
`;

export const fs = `\
#define SHADER_NAME point-sprite-layer-fragment-shader

precision highp float;

uniform bool filled;
uniform float stroked;
uniform bool antialiasing;

varying vec4 vFillColor;
varying vec4 vLineColor;
varying float innerUnitRadius;
varying float outerRadiusPixels;
varying float halfSizePixels;

void main(void) {
  vec2 unitPosition = gl_PointCoord * 2.0 - 1.0;
  geometry.uv = unitPosition;
  float distToCenter = length(unitPosition) * halfSizePixels;
  float inCircle = antialiasing ? smoothedge(distToCenter, outerRadiusPixels) : step(distToCenter, outerRadiusPixels);
  if (inCircle == 0.0) discard;

  if (stroked > 0.5) {
    float innerRadius = innerUnitRadius * outerRadiusPixels;
    float isLine = antialiasing ? smoothedge(innerRadius, distToCenter) : step(innerRadius, distToCenter);
    if (filled) {
      gl_FragColor = mix(vFillColor, vLineColor, isLine);
    } else {
      if (isLine == 0.0) discard;
      gl_FragColor = vec4(vLineColor.rgb, vLineColor.a * isLine);
    }
  } else if (!filled) {
    discard;
  } else {
    gl_FragColor = vFillColor;
  }
  gl_FragColor.a *= inCircle;
  DECKGL_FILTER_COLOR(gl_FragColor, geometry);
}
`;
