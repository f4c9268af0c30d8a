__global__ void split(float* out) {
    if (threadIdx.x % 2 == 0) {
        heavy_path();   // 20 cycles
    } else {
        light_path();   // 8 cycles
    }
}
