"""Dados de exemplo de cada documento: usados nos testes, no bench e para a OM conferir o
seu cabeçalho (`python -m farol.pdf.exemplos PASTA` grava um PDF de cada tipo).

Os dados estão em `exemplos.yaml`, ao lado: os textos legais são os do catálogo (RLESTA,
seed 002) e, nos documentos do procedimento ambiental, os da NORMAM-401 (seed 004); pessoas,
embarcações e números são fictícios. Este módulo só os carrega e acrescenta o que é comum a
todo documento. `auto_extenso` monta o caso de estresse: 12 infrações e nomes
e endereços de mais de 200 caracteres.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from farol.pdf.dados import DadosDocumento, Infracao, Parte, TipoDocumento

ARQUIVO = Path(__file__).with_name("exemplos.yaml")


@cache
def _dados() -> dict[str, Any]:
    with ARQUIVO.open(encoding="utf-8") as f:
        dados: dict[str, Any] = yaml.safe_load(f)
    return dados


def infracao(codigo: str, constatacao: str | None = None) -> Infracao:
    """Uma das infrações de `exemplos.yaml`, com a constatação opcional."""
    dados = _dados()
    bruto = dados["infracoes"].get(codigo)
    if bruto is None:
        raise KeyError(codigo)
    return Infracao(
        codigo=codigo, norma=dados["norma_das_infracoes"], constatacao=constatacao, **bruto
    )


def exemplo(tipo: TipoDocumento) -> DadosDocumento:
    """Um documento completo e plausível do tipo pedido."""
    dados = _dados()
    verificacao = dados["verificacao"]
    codigo = verificacao["codigo"].format(prefixo=tipo.value[:3].upper())
    documento = dict(dados["documentos"][tipo.value])
    if "infracoes" in documento:  # código de `infracoes` ou a infração inteira (poluição)
        documento["infracoes"] = tuple(
            infracao(c) if isinstance(c, str) else Infracao(**c) for c in documento["infracoes"]
        )
    base = {
        "tipo": tipo,
        "numero_processo": dados["numero_processo"],
        "om": dados["om"],
        "data_emissao": dados["data_emissao"],
        "verificacao": {"codigo": codigo, "url": verificacao["url"].format(codigo=codigo)},
    }
    return DadosDocumento.model_validate({**base, **documento})


NOME_LONGO: str = _dados()["extenso"]["nome"]
ENDERECO_LONGO: str = _dados()["extenso"]["endereco"]


def auto_extenso(n_infracoes: int = 12) -> DadosDocumento:
    """Auto de Infração de estresse: `n_infracoes` infrações, nome e endereço com 200+ letras."""
    extenso = _dados()["extenso"]
    codigos = list(_dados()["infracoes"])
    infracoes = tuple(
        infracao(codigos[i % len(codigos)], constatacao=extenso["constatacao"].format(n=i + 1))
        for i in range(n_infracoes)
    )
    autuado = Parte(nome=NOME_LONGO, endereco=ENDERECO_LONGO, **extenso["autuado"])
    base = exemplo(TipoDocumento.auto_de_infracao)
    assert base.fato is not None
    frases = " ".join([extenso["frase"]] * extenso["repeticoes_da_frase"])
    return base.model_copy(
        update={
            "interessados": (autuado,),
            "infracoes": infracoes,
            "fato": base.fato.model_copy(update={"descricao": f"{base.fato.descricao}\n{frases}"}),
            "observacoes": extenso["observacoes"].format(nome=NOME_LONGO, endereco=ENDERECO_LONGO),
        }
    )


def main(argv: list[str]) -> int:
    """Grava um PDF de exemplo de cada tipo (e o Auto extenso) na pasta indicada."""
    from farol.pdf.renderizador import renderizar

    pasta = Path(argv[1] if len(argv) > 1 else "artefatos/documentos")
    pasta.mkdir(parents=True, exist_ok=True)
    for tipo in TipoDocumento:
        (pasta / f"{tipo.value}.pdf").write_bytes(renderizar(exemplo(tipo)))
    (pasta / "auto_de_infracao_extenso.pdf").write_bytes(renderizar(auto_extenso()))
    print(f"PDFs gravados em {pasta}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
