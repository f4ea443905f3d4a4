// deck.gl's ScatterplotLayer drawn as one GL point per row instead of one instanced quad per row. Software WebGL
// (SwiftShader, the browser of a machine without a GPU) draws instances one by one: a million instanced circles take
// tens of seconds there, a million points about one. Same props, accessors, picking and extensions as
// ScatterplotLayer; the difference is the disc's largest size, which the driver caps (ALIASED_POINT_SIZE_RANGE).
import { ScatterplotLayer } from '@deck.gl/layers/typed';
import { Model } from '@luma.gl/core';
import { fs, vs } from './shaders';

const GL_POINTS = 0x0000;
const GL_DOUBLE = 0x140a;
const GL_UNSIGNED_BYTE = 0x1401;
const GL_ALIASED_POINT_SIZE_RANGE = 0x846d;

const pointSizeLimits = new WeakMap<WebGLRenderingContext, number>();

/** The driver's largest point side, asked once per context (a query waits for the GPU process). */
function largestPointSize(gl: WebGLRenderingContext): number {
  let limit = pointSizeLimits.get(gl);
  if (limit === undefined) {
    limit = (gl.getParameter(GL_ALIASED_POINT_SIZE_RANGE) as Float32Array)[1] ?? 1;
    pointSizeLimits.set(gl, limit);
  }
  return limit;
}

type LayerShaders = { vs: string; fs: string; modules: unknown[]; defines?: Record<string, unknown> };

export class PointSpriteLayer<D = unknown> extends ScatterplotLayer<D> {
  static override layerName = 'PointSpriteLayer';

  override getShaders(): LayerShaders {
    const base = super.getShaders() as LayerShaders;
    // Extensions read per-vertex attributes (filterValues, brushingTargets) in a non-instanced model.
    return { ...base, vs, fs, defines: { ...base.defines, NON_INSTANCED_MODEL: 1 } };
  }

  override initializeState(): void {
    const colorSize = this.props.colorFormat.length;
    const attributes = this.getAttributeManager()!;
    // deck.gl gives every layer an instanced `instancePickingColors`; this one's picking colors are per vertex.
    attributes.remove(['instancePickingColors']);
    // ScatterplotLayer's attributes, one value per vertex (add) rather than per instance (addInstanced).
    attributes.add({
      instancePositions: { size: 3, type: GL_DOUBLE, fp64: this.use64bitPositions(), transition: true, accessor: 'getPosition' },
      instanceRadius: { size: 1, transition: true, accessor: 'getRadius', defaultValue: 1 },
      instanceFillColors: { size: colorSize, transition: true, normalized: true, type: GL_UNSIGNED_BYTE, accessor: 'getFillColor', defaultValue: [0, 0, 0, 255] },
      instanceLineColors: { size: colorSize, transition: true, normalized: true, type: GL_UNSIGNED_BYTE, accessor: 'getLineColor', defaultValue: [0, 0, 0, 255] },
      instanceLineWidths: { size: 1, transition: true, accessor: 'getLineWidth', defaultValue: 1 },
      pickingColors: { type: GL_UNSIGNED_BYTE, size: 3, noAlloc: true, update: this.calculateInstancePickingColors },
    } as never);
  }

  override draw(options: { uniforms: Record<string, unknown> }): void {
    const maxPointSize = largestPointSize(this.context.gl);
    (this.state.model as Model).setVertexCount(this.getNumInstances());
    (this.state.model as Model).setUniforms({ maxPointSize });
    super.draw(options);
  }

  protected override _getModel(gl: WebGLRenderingContext): Model {
    return new Model(gl, { ...this.getShaders(), id: this.props.id, drawMode: GL_POINTS, vertexCount: 0, isInstanced: false });
  }
}
