// luma.gl 8.5 (deck.gl 8.9's GPU layer, the version kepler.gl 3.2 brings) ships no type declarations: the part of its
// Model that PointSpriteLayer uses.
declare module '@luma.gl/core' {
  export class Model {
    constructor(gl: WebGLRenderingContext, props: Record<string, unknown>);
    setVertexCount(vertexCount: number): this;
    setUniforms(uniforms: Record<string, unknown>): this;
  }
}
