// Experiment of issue 18's "faster step" (docs/engine.md, "Where a pre-training step's time goes"), 2026-11-26.
// Per-edge attention logits from gathered keys and queries against dense per-head scores Q K^T read at the edges;
// forward + backward, and the key gradients compared.
// Run with the service jar's classes: unzip target/dipgnn-service-*-SNAPSHOT.jar -d /tmp/cp, then
// OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -cp "/tmp/cp/BOOT-INF/classes:/tmp/cp/BOOT-INF/lib/*" Kq.java
import ai.djl.ndarray.*;
import ai.djl.ndarray.types.*;
import ai.djl.engine.Engine;
import ai.djl.training.GradientCollector;
import com.dipgnn.model.GraphOps;
import java.util.*;

public class Kq {
  public static void main(String[] a) {
    int n=1040, E=14000, H=8, D=50; Random r=new Random(1);
    int[] src=new int[E], dst=new int[E];
    for(int e=0;e<E;e++){src[e]=r.nextInt(n);dst[e]=r.nextInt(n);}
    try (NDManager m=NDManager.newBaseManager()) {
      Engine eng=Engine.getInstance();
      NDArray srcIdx=GraphOps.index(m,src), dstIdx=GraphOps.index(m,dst);
      long[] flat=new long[E*H]; for(int e=0;e<E;e++)for(int h=0;h<H;h++)flat[e*H+h]=((long)h*n+dst[e])*n+src[e];
      NDArray flatIdx=m.create(flat);
      for(int rep=0;rep<6;rep++){
        try(NDManager s=m.newSubManager()){
          NDArray K=s.randomNormal(new Shape(n,H,D)); K.setRequiresGradient(true);
          NDArray Q=s.randomNormal(new Shape(n,H,D)); Q.setRequiresGradient(true);
          NDArray G=s.randomNormal(new Shape(E,H));
          long t0=System.nanoTime(); NDArray l1;
          try(GradientCollector gc=eng.newGradientCollector()){
            l1=GraphOps.gatherRows(K,srcIdx).mul(GraphOps.gatherRows(Q,dstIdx)).sum(new int[]{2});
            gc.backward(l1.mul(G).sum());
          }
          float[] gk1=K.getGradient().toFloatArray();
          long t1=System.nanoTime();
          NDArray K2=K.duplicate(); K2.setRequiresGradient(true); NDArray Q2=Q.duplicate(); Q2.setRequiresGradient(true);
          long t2=System.nanoTime(); NDArray l2;
          try(GradientCollector gc=eng.newGradientCollector()){
            NDArray S=Q2.transpose(1,0,2).batchMatMul(K2.transpose(1,2,0)); // (H, n, n)
            l2=GraphOps.gatherRows(S.reshape((long)H*n*n,1),flatIdx).reshape(E,H);
            gc.backward(l2.mul(G).sum());
          }
          float[] gk2=K2.getGradient().toFloatArray();
          long t3=System.nanoTime();
          double d=0; for(int i=0;i<gk1.length;i++)d=Math.max(d,Math.abs(gk1[i]-gk2[i]));
          System.out.printf("gathers %.1f ms, dense %.1f ms; diff logits %.2e gK %.2e%n",(t1-t0)/1e6,(t3-t2)/1e6,l1.sub(l2).abs().max().getFloat(),d);
        }
      }
    }
  }
}
