"""O catálogo de infrações para a API: cada infração com a penalidade e os autores materiais
admitidos (RLESTA art. 7º § 3º; NORMAM 2023 item 3.3.1), lidos de normas/dados/infracoes.yaml."""

from __future__ import annotations

from farol.normas.infracoes import catalogo
from farol.services.resultados.catalogo import AutorAdmitido, InfracaoDoCatalogo


def listar_infracoes(busca: str | None = None) -> list[InfracaoDoCatalogo]:
    """As infrações (todas, ou as que casam com `busca`, sem acento nem caixa)."""
    cat = catalogo()
    return [
        InfracaoDoCatalogo(
            codigo=i.codigo,
            descricao=i.descricao,
            penalidade=i.penalidade_texto,
            grupo=i.penalidade.multa,
            suspensao_max=i.penalidade.suspensao_max,
            autores=[AutorAdmitido(tipo=a, nome=cat.autores[a].nome) for a in i.autores],
            fundamentos_autoria=[c.referencia() for c in i.autoria.fontes],
            nota_autoria=i.autoria.nota,
            fundamento=i.fonte.referencia(),
        )
        for i in cat.buscar(busca)
    ]
